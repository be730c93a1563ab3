import { flatRoutes } from 'remix-flat-routes'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/*'],
  serverModuleFormat: 'esm',
  serverBuildPath: 'build/remix/index.js',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  tailwind: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
  postcss: true,
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^@mjackson/, /^@edgefirst-dev/],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/*.test.*', '**/*.server.*', '**/__*.*'],
    }),
}
