/**
 * The self-limitation measures a jurisdiction offers, as data (ARCHITECTURE idea 9). The Czech
 * profile requires at least deposit, stake and net-loss limits per day and per month, a daily
 * playing-time limit and self-exclusion (ZHH §15; 004:SLM-01, 002:RG-01, 002:AMB-RG-TYPES), and a
 * decision on each of them at registration (004:REG-07, 002:REG-02).
 */
export type MeasureKind = 'amount' | 'duration' | 'exclusion';

export interface MeasureDefinition {
  /** Stable code, e.g. `deposit:day`. */
  code: string;
  kind: MeasureKind;
  description: string;
  /** Bounds for a set value (amounts in CZK minor units, durations in minutes, exclusions in hours). */
  minimum: bigint;
  maximum: bigint | null;
}

export interface JurisdictionProfile {
  id: string;
  /** Measures that need an explicit decision (set or refused) at registration. */
  registrationMeasures: readonly MeasureDefinition[];
}

const czkMinor = (crowns: number) => BigInt(crowns) * 100n;

const amount = (code: string, description: string): MeasureDefinition => ({ code, kind: 'amount', description, minimum: czkMinor(1), maximum: null });

export const czechProfile: JurisdictionProfile = {
  id: 'cz-zhh-2026',
  registrationMeasures: [
    amount('deposit:day', 'Deposits per calendar day (CZK)'),
    amount('deposit:month', 'Deposits per calendar month (CZK)'),
    amount('stake:day', 'Stakes per calendar day (CZK)'),
    amount('stake:month', 'Stakes per calendar month (CZK)'),
    amount('net-loss:day', 'Net loss per calendar day (CZK)'),
    amount('net-loss:month', 'Net loss per calendar month (CZK)'),
    { code: 'playing-time:day', kind: 'duration', description: 'Playing time per calendar day (minutes)', minimum: 1n, maximum: 1440n },
    // 12 hours to indefinite (003 §3.3); `null` hours at registration means indefinite.
    { code: 'self-exclusion', kind: 'exclusion', description: 'Self-exclusion (hours; omit for indefinite)', minimum: 12n, maximum: null },
  ],
};
