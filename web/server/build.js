// The site's production server build behind its one request guard (docs/decisions/052-site-request-guard.md):
// `remix-serve ./server/build.js` serves this module, which is the Vite build with every route's
// action wrapped by app/utils/request-guard.server.ts (a PUT to /book is 405, a body that is no form 400).
import * as build from '../build/server/index.js'

export * from '../build/server/index.js'
export const routes = build.entry.module.guardRoutes(build.routes)
