// Self-limitation measures (responsible gambling). This issue brings the catalogue and the decisions
// taken at registration; enforcement and changes come with the limits work.
export { czechProfile, type JurisdictionProfile, type MeasureDefinition, type MeasureKind } from './catalogue.ts';
export {
  decisionsOf,
  milderDecisions,
  recordRegistrationDecisions,
  resolveRegistrationDecisions,
  type MeasureDecision,
  type ResolvedDecision,
} from './registration-decisions.ts';
