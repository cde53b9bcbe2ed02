import { assert } from '@casino/core';

/**
 * The command ids a table has seen lately, with their outcome (issue 16, exactly once): a request
 * retried after a timeout, or forwarded twice, finds its first outcome here and is not applied again.
 * Bounded per table (oldest forgotten first); a retry comes within seconds, not thousands of commands later.
 */
export type CommandOutcome = { ok: true } | { ok: false; error: unknown };

export class RecentCommands {
  private readonly outcomes = new Map<string, Promise<CommandOutcome>>();

  constructor(private readonly remembered: number) {
    assert(Number.isInteger(remembered) && remembered > 0, 'RecentCommands: remembered must be a positive integer');
  }

  get(commandId: string): Promise<CommandOutcome> | undefined {
    return this.outcomes.get(commandId);
  }

  remember(commandId: string, outcome: Promise<CommandOutcome>): void {
    assert(!this.outcomes.has(commandId), 'RecentCommands.remember: command id already remembered');
    this.outcomes.set(commandId, outcome);
    if (this.outcomes.size > this.remembered) {
      const oldest = this.outcomes.keys().next().value;
      if (oldest !== undefined) this.outcomes.delete(oldest);
    }
  }
}
