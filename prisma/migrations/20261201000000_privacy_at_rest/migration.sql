-- Issue 14 (12): no secret or payer data in plaintext at rest (decisions D-1451, D-1452).
-- The stored shape changes inside JSON only; no column changes.

-- 1. E-mail and SMS already relayed: their text (it may hold an SMS code or an e-mail confirmation
--    token) is removed. The recipient and subject stay as the record of what was sent to whom.
UPDATE "outbox_message"
SET "payload" = "payload" - 'text'
WHERE "topic" IN ('notifications.email', 'notifications.sms')
  AND "relayed_at" IS NOT NULL
  AND jsonb_typeof("payload") = 'object' AND "payload" ? 'text';

-- 2. E-mail and SMS not relayed yet: moved to version 2, the text under "sealed" where the relay
--    removes it once relayed. SQL holds no key to encrypt it, so it is marked "plaintext:" and the
--    worker delivers it as such (openNotificationText in packages/players/src/notifications.ts).
UPDATE "outbox_message"
SET "payload" = ("payload" - 'text') || jsonb_build_object('sealed', 'plaintext:' || ("payload" ->> 'text')),
    "version" = 2
WHERE "topic" IN ('notifications.email', 'notifications.sms')
  AND "relayed_at" IS NULL AND "version" = 1
  AND jsonb_typeof("payload") = 'object' AND "payload" ? 'text';

-- 3. Bank transfers the provider reported: the payer's IBAN and name. New rows keep them encrypted
--    with the PII key (packages/cashier/src/stored-provider-event.ts); SQL holds no key, so existing
--    rows lose the plaintext and keep the masked IBAN (country, check digits, last four) to trace a
--    transfer by; the provider has the payer's details under the transferId, which stays.
UPDATE "cashier_provider_event"
SET "payload" = jsonb_set(
  "payload", '{data}',
  (("payload" -> 'data') - 'payerAccount' - 'payerName')
    || jsonb_build_object(
      'payerAccountMasked',
      left(upper(regexp_replace("payload" -> 'data' ->> 'payerAccount', '\s', '', 'g')), 4) || ' •••• ' ||
      right(upper(regexp_replace("payload" -> 'data' ->> 'payerAccount', '\s', '', 'g')), 4)
    )
)
WHERE "type" = 'bank-transfer.received'
  AND jsonb_typeof("payload" -> 'data') = 'object'
  AND (("payload" -> 'data') ? 'payerAccount' OR ("payload" -> 'data') ? 'payerName');
