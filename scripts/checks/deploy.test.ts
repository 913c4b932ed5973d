/**
 * The deployment files, read as Docker would read them (docker itself cannot run on this machine
 * kind, so this is how they are kept valid): both compose files and both Dockerfiles.
 * - every long-running service has a health check, a restart policy, a stop grace period and
 *   rotated logs; a one-shot step (`restart: "no"`) is what others wait for with
 *   `service_completed_successfully`;
 * - no secret has a default: each is required (`${NAME:?…}`) or optional and empty;
 * - the CMS and the worker start only after the release step (migrate) succeeded;
 * - the admin's own instance (scaled) has a small CPU weight, the students' services the default;
 * - the images are Node 24 and run compiled JavaScript only: the same files npm start runs
 *   (scripts/lib/production.ts), never a TypeScript loader.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { KEEP_ALIVE_TIMEOUT_MS } from '../lib/production'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

type Service = {
  image?: string
  build?: { dockerfile?: string; target?: string }
  command?: string[]
  restart?: string
  healthcheck?: { test?: unknown }
  stop_grace_period?: string
  logging?: { options?: Record<string, string> }
  depends_on?: Record<string, { condition: string }>
  environment?: Record<string, string>
  cpu_shares?: number
}

const composeFiles = ['docker-compose.yml', 'docker-compose.scaled.yml']
const services = (file: string) => (parse(read(file), { merge: true }) as { services: Record<string, Service> }).services
const seconds = (d?: string) => (d ? Number(/^(\d+)s$/.exec(d)?.[1] ?? Number.NaN) : 0)
const SECRET = /PASSWORD|SECRET|_KEY$|TOKEN|SMTP_PASS/

describe.each(composeFiles)('%s', (file) => {
  const all = services(file)

  it('every long-running service has a health check, a restart policy, a stop grace period and rotated logs', () => {
    for (const [name, s] of Object.entries(all)) {
      expect(s.restart, `${name}: restart`).toBeTruthy()
      expect(s.logging?.options?.['max-size'], `${name}: log rotation`).toBeTruthy()
      if (s.restart === 'no') {
        const waiters = Object.values(all).filter((o) => o.depends_on?.[name]?.condition === 'service_completed_successfully')
        expect(waiters.length, `${name}: a one-shot step others wait for`).toBeGreaterThan(0)
        continue
      }
      expect(s.healthcheck?.test, `${name}: health check`).toBeTruthy()
      expect(seconds(s.stop_grace_period), `${name}: stop_grace_period`).toBeGreaterThan(0)
    }
  })

  it('the worker has a health check of its own and a grace period longer than a job step', () => {
    const worker = all.worker!
    expect(JSON.stringify(worker.healthcheck?.test)).toContain('9464/healthz')
    expect(seconds(worker.stop_grace_period)).toBeGreaterThanOrEqual(90)
  })

  it('no secret has a default', () => {
    const text = read(file)
    const defaults = [...text.matchAll(/\$\{([A-Z_]+):-([^}]*)\}/g)].filter(([, n, v]) => SECRET.test(n!) && v !== '')
    expect(defaults.map(([m]) => m)).toEqual([])
    for (const name of ['POSTGRES_PASSWORD', 'PAYLOAD_SECRET', 'SERVICE_KEY', 'SESSION_SECRET', 'CMS_PUBLIC_URL', 'WEB_PUBLIC_URL']) {
      expect(text, `${name} is required`).toMatch(new RegExp(`\\$\\{${name}:\\?`))
    }
  })

  it('the CMS and the worker start after the release step; it runs the compiled migrate', () => {
    const migrate = all.migrate!
    expect(migrate.command).toEqual(['node', 'dist/migrate.mjs'])
    expect(migrate.build?.target).toBe('tools')
    for (const [name, s] of Object.entries(all)) {
      if (!s.build?.dockerfile?.startsWith('cms/') || name === 'migrate') continue
      expect(s.depends_on?.migrate?.condition, name).toBe('service_completed_successfully')
    }
  })
})

describe("docker-compose.scaled.yml's admin instance", () => {
  // docs/decisions/218: between containers the kernel weighs their groups, so the admin's instance
  // yields to the students' by its weight (its idle class orders only its own threads); bench/scale
  // gives its admin instance this same weight, read from this file.
  it('has a small CPU weight that still leaves it a floor, and every other service the default', () => {
    const all = services('docker-compose.scaled.yml')
    // At most a sixteenth of the default 1024, so the students' instances come first; above the
    // least (2), which starved it while the machine was full.
    expect(all['cms-admin']?.cpu_shares).toBeGreaterThan(2)
    expect(all['cms-admin']?.cpu_shares).toBeLessThanOrEqual(64)
    for (const [name, s] of Object.entries(all)) if (name !== 'cms-admin') expect(s.cpu_shares, name).toBeUndefined()
  })
})

describe('the Dockerfiles', () => {
  const dockerfiles = ['cms/Dockerfile', 'web/Dockerfile']

  it('build on Node 24 and run no TypeScript loader', () => {
    for (const file of dockerfiles) {
      const text = read(file)
      const bases = [...text.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image!).filter((i) => i.startsWith('node:'))
      expect(bases.length, file).toBeGreaterThan(0)
      for (const image of bases) expect(image, file).toMatch(/^node:24-/)
      expect(text, file).not.toMatch(/run-ts|tsx|ts-node/)
      for (const [, cmd] of text.matchAll(/^CMD (.+)$/gm)) expect(cmd, file).not.toMatch(/\.ts"/)
    }
  })

  it('run the files npm start runs, with health checks', () => {
    const cms = read('cms/Dockerfile')
    expect(cms).toMatch(/^CMD \["node", "dist\/worker\.mjs"\]$/m)
    expect(cms).toMatch(/^CMD \["node", "cms\/server\.js"\]$/m)
    expect(cms).toMatch(/NEXT_MANUAL_SIG_HANDLE=true/)
    expect(read('web/Dockerfile')).toMatch(/^CMD \["node", "server\.js", "\.\/server\/build\.js"\]$/m)
    for (const file of dockerfiles) expect(read(file), file).toMatch(/^HEALTHCHECK /m)
    const production = read('scripts/lib/production.ts')
    expect(production).toContain("compiled(root, 'worker')")
    expect(production).toContain("['server.js', entry]")
  })
})

describe('idle connections', () => {
  it('the CMS and the site keep them longer than the proxy does, everywhere they run', () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000)
    // The image (Next's standalone server reads KEEP_ALIVE_TIMEOUT), `npm start` of the CMS
    // workspace, and the site's own server.
    expect(read('cms/Dockerfile')).toMatch(new RegExp(`KEEP_ALIVE_TIMEOUT=${KEEP_ALIVE_TIMEOUT_MS}\\b`))
    expect(read('cms/package.json')).toContain(`--keepAliveTimeout ${KEEP_ALIVE_TIMEOUT_MS}`)
    const site = read('web/server.js')
    const siteTimeout = Number(/server\.keepAliveTimeout = ([\d_]+)/.exec(site)?.[1]?.replaceAll('_', ''))
    expect(siteTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS)
    // Every reverse_proxy of the scaled setup lets go of an idle connection first.
    const caddy = read('deploy/Caddyfile')
    const proxies = caddy.split(/\breverse_proxy\b/).slice(1)
    expect(proxies.length).toBeGreaterThan(0)
    for (const block of proxies) {
      const idle = /keepalive (\d+)s/.exec(block)?.[1]
      expect(Number(idle) * 1000, block.split('\n')[0]).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS)
    }
  })
})
