import { DomainError } from '@casino/core';
import type { TablesContext } from './context.ts';

/** A table's chat is not a megaphone: at most this many messages per connection and window. */
export const chatMessagesPerWindowMax = 5;
export const chatWindowMs = 10_000;

/**
 * The chat messages one connection sent recently, kept by whoever holds the connection (the game
 * service's socket). A monotonic clock by default: the window is a duration, not a time of day.
 */
export class ChatThrottle {
  private sentAtMs: number[] = [];

  constructor(private readonly nowMs: () => number = () => performance.now()) {}

  /** Counts one message, or refuses it (rate-limited) when the window is full. */
  admit(): void {
    const nowMs = this.nowMs();
    this.sentAtMs = this.sentAtMs.filter((at) => nowMs - at < chatWindowMs);
    if (this.sentAtMs.length >= chatMessagesPerWindowMax) {
      throw new DomainError(
        'rate-limited',
        `At most ${chatMessagesPerWindowMax} chat messages per ${chatWindowMs / 1000} seconds.`,
      );
    }
    this.sentAtMs.push(nowMs);
  }
}

export interface ChatMessage {
  tableId: string;
  playerId: string;
  text: string;
}

/**
 * Seated players chat; spectators read (004:GAM-R-01). Chat is pushed to the table, not stored
 * (issue 15: moved here from the game service's socket handler).
 */
export async function sendChatMessage(ctx: TablesContext, message: ChatMessage, throttle: ChatThrottle): Promise<void> {
  const seat = await ctx.db.tableSeat.findUnique({
    where: { tableId_playerId: { tableId: message.tableId, playerId: message.playerId } },
  });
  if (!seat) throw new DomainError('not-seated', 'Spectators see the chat but cannot write in it (004:GAM-R-01).');
  throttle.admit();
  await ctx.broadcaster.toTable(message.tableId, {
    type: 'chat',
    tableId: message.tableId,
    seat: seat.seatNo,
    text: message.text,
    at: ctx.clock.now().toISOString(),
  });
}
