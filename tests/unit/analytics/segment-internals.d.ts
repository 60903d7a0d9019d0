/** Types for the library's retry rules, imported by the tests to check what our settings make it do. */
declare module '@segment/analytics-next/dist/pkg/plugins/segmentio/shared-dispatcher.js' {
  export * from '@segment/analytics-next/dist/types/plugins/segmentio/shared-dispatcher';
}
