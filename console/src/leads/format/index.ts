/** Display helpers of the leads workspace, shared by the list, the search, the detail and the side panel. */
export { formatShortDuration } from './duration';
export { activityTime, createdDay, leadAge, localDate, searchRelativeTime } from './time';
export { conversionColour, listScoreTier, searchScoreTier } from './score';
export type { ListScoreTier, SearchScoreTier } from './score';
export { procedureColour, PROCEDURE_PALETTE } from './procedure';
export type { ChipColour } from './procedure';
export { initials, leadScore, parseInsights, personName, procedureNames, scoreFactors } from './person';
export { ProcedureBadges, ScoreIcon } from './badges';
