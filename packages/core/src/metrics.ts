/**
 * What the business does, counted for the operators' dashboards (issue 22). Domain packages report
 * through this small port and never import a metrics library; the apps install the Prometheus
 * implementation (`@casino/http`) at start-up. Until one is installed every report is a no-op, so
 * scripts, benches and package tests pay one indirect call and nothing else (D-2203).
 */
export type BusinessEvent =
  /** A stake accepted on a round (label: the game). */
  | 'bet-confirmed'
  /** A deposit credited to a player's wallet (label: the channel, CASHLESS or CASH). */
  | 'deposit-credited'
  /** A signed provider webhook answered (label: its outcome, `duplicate` for a repeated delivery). */
  | 'webhook-received'
  /** A stake or deposit refused by a self-limitation measure (label: the measure). */
  | 'limit-refused'
  /** An AML alert raised or fired again (label: the rule code). */
  | 'alert-raised'
  /** A balanced ledger transaction written (label: its kind). */
  | 'ledger-posting';

export interface BusinessMetrics {
  /** One occurrence of `event`; `label` comes from a small fixed set (never an id or an amount). */
  count(event: BusinessEvent, label: string): void;
}

const noMetrics: BusinessMetrics = { count: () => undefined };
let installed: BusinessMetrics = noMetrics;

/** Installs the process's metrics (one per process: an app's registry); `undefined` uninstalls. */
export function useBusinessMetrics(metrics: BusinessMetrics | undefined): void {
  installed = metrics ?? noMetrics;
}

/** Reports one occurrence to whatever the process installed. */
export function countBusinessEvent(event: BusinessEvent, label: string): void {
  installed.count(event, label);
}
