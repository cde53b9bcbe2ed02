import { handleOnce, type Db } from '@casino/db';
import type { ComplianceRules } from '../rules.ts';
import { rescreenAllPlayers } from './screen-player.ts';
import { screeningListUpdatedTopic } from './screening-lists.ts';

/**
 * A screening list changed: every player is screened again, once per message (issue 15: moved here
 * from the worker's job). The message is recorded as handled once the run finished, so a run
 * repeated after a crash raises nothing twice (open alerts gain an occurrence, cleared matches stay).
 */
export async function rescreenOnListUpdate(
  db: Db,
  rules: ComplianceRules,
  messageId: string,
  at: Date,
): Promise<'rescreened' | 'already-handled'> {
  const processed = await db.processedMessage.findUnique({
    where: { consumer_messageId: { consumer: screeningListUpdatedTopic, messageId } },
  });
  if (processed) return 'already-handled';
  await rescreenAllPlayers(db, at, rules);
  await handleOnce(db, screeningListUpdatedTopic, messageId, async () => undefined);
  return 'rescreened';
}
