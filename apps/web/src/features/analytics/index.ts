// The analytics feature's public entry: what other features and the app use from it, re-exports only
// (src/feature-boundaries.test.ts).
export { ANALYTICS_COLORS, useAnalyticsFormat } from './use-analytics-format.ts';
export { type StreamStatus, useRealtimeStream } from './use-realtime-stream.ts';
export { WebAnalyticsCharts } from './web-analytics-charts.tsx';
