import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
// @ts-expect-error express 4 ships no types (server.js is plain JavaScript); used here as server.js uses it
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheHeadersFor } from '../app/utils/cache-policy.server'
import { cachePolicy, DRAIN_MAX_BYTES, drainBodyAfterAnswer } from './http-hygiene.js'

/**
 * The production server's connection hygiene (server.js), on a real HTTP server, Remix's own
 * Express handler and a kept-alive client: a page without an action answers `PUT /` 405 before
 * reading the body (any refusal or redirect does the same), as the site does.
 */
const page = async (_request: Request, status: number, headers: Headers) => new Response('<p>page</p>', { status, headers })
const BUILD = {
  mode: 'production',
  basename: undefined,
  isSpaMode: false,
  publicPath: '/assets/',
  assetsBuildDirectory: '/nonexistent',
  future: { v3_singleFetch: true },
  // The 405s are expected here: not logged.
  entry: { module: { default: page, handleError: () => {} } },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        default: () => null,
        loader: () => ({ ok: true }),
        headers: () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' }),
      },
    },
  },
  assets: {
    url: '/assets/manifest.js',
    version: '1',
    entry: { module: '/assets/entry.js', imports: [] },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: '/assets/root.js',
        hasLoader: true,
        hasAction: false,
        hasErrorBoundary: false,
        hasClientAction: false,
        hasClientLoader: false,
        imports: [],
      },
    },
  },
} as unknown as ServerBuild

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function start(drain: boolean): Promise<number> {
  const app = express()
  if (drain) app.use(drainBodyAfterAnswer)
  app.use(cachePolicy(cacheHeadersFor))
  app.all('*', createRequestHandler({ build: BUILD, mode: 'production' }))
  const server = app.listen(0, '127.0.0.1')
  // Node closes a kept-alive connection that stays silent this long (5 s by default): shorter here,
  // so a stalled connection shows as the reset it becomes within the test's time.
  server.keepAliveTimeout = 300
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  return (server.address() as AddressInfo).port
}

type Answer = { status: number; headers: http.IncomingHttpHeaders } | { error: string }

function send(port: number, agent: http.Agent, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    if (body) {
      req.setHeader('Content-Type', 'application/x-www-form-urlencoded')
      req.setHeader('Content-Length', Buffer.byteLength(body))
      req.write(body)
    }
    req.end()
  })
}

/** Large forms answered unread, each followed by GETs on the same kept-alive connections. */
async function mixedTraffic(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  const answers: Answer[] = []
  try {
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let i = 0; i < 8; i++) {
          const kb = [25, 60, 120, 200][(i + lane) % 4]!
          answers.push(await send(port, agent, 'PUT', '/', `feedback=${'x'.repeat(kb * 1024)}`))
          answers.push(await send(port, agent, 'GET', '/'))
          answers.push(await send(port, agent, 'GET', '/?page=2'))
        }
      }),
    )
  } finally {
    agent.destroy()
  }
  return answers
}

const resets = (answers: Answer[]) => answers.filter((a) => 'error' in a)

describe('a body answered before it is read', () => {
  it('is read after the answer: the next requests on the kept-alive connection are answered, none reset', async () => {
    const answers = await mixedTraffic(await start(true))
    expect(resets(answers)).toEqual([])
    expect(answers.map((a) => ('status' in a ? a.status : 0)).filter((s) => s !== 405 && s !== 200)).toEqual([])
  })

  it('a sender that goes on far past the limit has its connection closed', async () => {
    const port = await start(true)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const answer = await send(port, agent, 'PUT', '/', 'x'.repeat(DRAIN_MAX_BYTES + 2 * 1024 * 1024))
    agent.destroy()
    // The answer may arrive before the close, or the close first: either way no reset of a later request.
    expect(String('status' in answer ? answer.status : answer.error)).toMatch(/405|EPIPE|ECONNRESET/)
  })
})

describe('who may keep a copy', () => {
  it('an answer to a request with a cookie is private, no-store, whatever the route said; every answer varies by cookie', async () => {
    const port = await start(true)
    const agent = new http.Agent({ keepAlive: false })
    const anonymous = await send(port, agent, 'GET', '/')
    const signedIn = await send(port, agent, 'GET', '/', undefined, { Cookie: 'ml_session=abc' })
    const token = await send(port, agent, 'GET', '/', undefined, { Authorization: 'Bearer abc' })
    expect('headers' in anonymous && anonymous.headers['cache-control']).toBe('public, max-age=0, s-maxage=30')
    expect('headers' in signedIn && signedIn.headers['cache-control']).toBe('private, no-store')
    expect('headers' in token && token.headers['cache-control']).toBe('private, no-store')
    for (const a of [anonymous, signedIn, token]) expect('headers' in a && a.headers.vary).toMatch(/\bCookie\b/)
  })
})
