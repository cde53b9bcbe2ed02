/**
 * What an erasure request does to each kind of a player's data, and why: the one place that says
 * which personal data the law lets us erase at once, which it makes us keep (and for how long), and
 * what is kept for good because it holds no personal data. docs/exports.md prints this table.
 */
export interface PersonalDataItem {
  item: string;
  why: string;
}

/** Erased as soon as the player asks (the account closed): nothing requires us to keep them. */
export const erasedOnRequest: readonly PersonalDataItem[] = [
  { item: 'email', why: 'contact data: no law requires it once the contract has ended (GDPR art. 17(1)(a))' },
  { item: 'phone', why: 'contact data: as e-mail' },
  { item: 'correspondenceAddress', why: 'contact data: as e-mail' },
  { item: 'passwordHash', why: 'login credentials: no use once the account is closed' },
  { item: 'sessions', why: 'refresh tokens, SMS codes and e-mail confirmation tokens: no use once the account is closed' },
];

/** Kept until the retention period ends, then anonymised (GDPR art. 17(3)(b): a legal obligation). */
export const retainedForPeriod: readonly PersonalDataItem[] = [
  { item: 'firstName', why: 'identification data of the client: AML act 253/2008 §16, 002:REC-01/02 (10 years)' },
  { item: 'surname', why: 'identification data of the client: as first name' },
  { item: 'birthSurname', why: 'identification data of the client: as first name' },
  { item: 'dateOfBirth', why: 'identification data of the client: as first name' },
  { item: 'placeOfBirth', why: 'identification data of the client: as first name' },
  { item: 'citizenship', why: 'identification data of the client: as first name' },
  {
    item: 'residenceAddress',
    why: 'identification data of the client, and the residence on which the Czech share of shared games rests (002:ALLOC-02)',
  },
  {
    item: 'birthNumber',
    why: 'identification data of the client (encrypted at rest), and the key that enforces a re-registration bar (004:TRM-18)',
  },
  { item: 'personalDataChanges', why: 'the history of the identification data (004:REG-03): kept with it' },
];

/** Kept for good: they name the player only by an id that means nothing once the above is anonymised. */
export const keptPseudonymous: readonly PersonalDataItem[] = [
  { item: 'ledger', why: 'every money movement, hash-chained (002:REC-01/02, 004:DAT-05): rewriting it would break the seal' },
  { item: 'auditLog', why: 'staff actions, hash-chained (002:REC-03)' },
  {
    item: 'stateHistory',
    why: 'account states, self-limitation decisions and the termination ground (004:TRM-11, TRM-18): no personal data',
  },
];
