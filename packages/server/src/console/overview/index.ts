/** The data overview's charts: events and alerts over time, top devices (docs/overview.md). Its public entry. */
export { overviewService, slotsOf, type OverviewService } from './overview-service.ts';
