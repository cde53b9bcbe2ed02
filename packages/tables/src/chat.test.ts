import { isDomainError } from '@casino/core';
import { describe, expect, it } from 'vitest';
import { ChatThrottle, chatMessagesPerWindowMax, chatWindowMs } from './chat.ts';

describe('the chat rule in the tables package (issue 15)', () => {
  it('issue 15: a connection may send five chat messages per ten seconds; the sixth is refused rate-limited, and admitted once the window has passed', () => {
    let nowMs = 1_000;
    const throttle = new ChatThrottle(() => nowMs);
    for (let i = 0; i < chatMessagesPerWindowMax; i++) throttle.admit();
    let refusal: unknown;
    try {
      throttle.admit();
    } catch (error) {
      refusal = error;
    }
    expect(isDomainError(refusal) && refusal.code).toBe('rate-limited');
    nowMs += chatWindowMs;
    expect(() => throttle.admit()).not.toThrow();
  });
});
