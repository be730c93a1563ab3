import { flatRoutes } from 'remix-flat-routes'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/*'],
  serverModuleFormat: 'esm',
  serverBuildPath: 'build/remix/index.js',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
  tailwind: true,
  postcss: true,
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^@mjackson/, /^@edgefirst-dev/],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/*.test.*', '**/*.server.*', '**/__*.*'],
    }),
}
