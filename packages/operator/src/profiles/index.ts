import type { OperatorProfile, OperatorProfileId } from '../profile.ts';
import { czFoProfile } from './cz-fo.ts';
import { czPsProfile } from './cz-ps.ts';

/** Every profile the platform can run as; OPERATOR_PROFILE names one. */
export const operatorProfiles: Readonly<Record<OperatorProfileId, OperatorProfile>> = Object.freeze({
  'CZ-FO': czFoProfile,
  'CZ-PS': czPsProfile,
});

export { czFoProfile, czPsProfile };
