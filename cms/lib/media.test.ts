import type { CollectionConfig, Config } from 'payload'
import { describe, expect, it } from 'vitest'
import { Media } from '../collections/Media'
import { parseEnv } from './env'
import { mediaStoragePlugin } from './media'

/** The Media collection as a config with the storage plugin applied, for the environment given. */
async function mediaWith(vars: Record<string, string>) {
  const e = parseEnv({ NODE_ENV: 'test', ...vars })
  const config = (await mediaStoragePlugin(e.media)({ collections: [Media] } as Config)) as Config
  const media = config.collections!.find((c) => c.slug === 'media') as CollectionConfig
  return { e, media, upload: media.upload as Exclude<CollectionConfig['upload'], boolean | undefined> }
}

const S3 = {
  S3_BUCKET: 'mentorloop-media',
  S3_REGION: 'auto',
  S3_ENDPOINT: 'https://accountid.r2.cloudflarestorage.com',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'key-secret',
}

describe('where uploads go', () => {
  it('without S3_* the files stay in the local folder (MEDIA_DIR), written by Payload itself', async () => {
    const { e, media, upload } = await mediaWith({ MEDIA_DIR: '/data/media' })
    expect(e.media).toEqual({ kind: 'local', dir: '/data/media' })
    expect(upload.disableLocalStorage).toBeFalsy()
    expect(upload.adapter).toBeUndefined()
    expect(media.hooks?.afterChange ?? []).toHaveLength((Media.hooks?.afterChange ?? []).length)
  })

  it('with S3_BUCKET the S3 adapter takes them: local storage off, its upload and delete hooks on', async () => {
    const { e, media, upload } = await mediaWith(S3)
    expect(e.media).toEqual({
      kind: 's3',
      bucket: 'mentorloop-media',
      region: 'auto',
      endpoint: 'https://accountid.r2.cloudflarestorage.com',
      forcePathStyle: false,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
    })
    expect(upload.disableLocalStorage).toBe(true)
    expect(upload.adapter).toBe('s3')
    expect(media.hooks?.afterChange ?? []).toHaveLength((Media.hooks?.afterChange ?? []).length + 1)
    expect(media.hooks?.afterDelete ?? []).toHaveLength((Media.hooks?.afterDelete ?? []).length + 1)
  })

  it('the collection has the same fields either way (one schema, one migration)', async () => {
    const names = (c: CollectionConfig) => c.fields.map((f) => ('name' in f ? f.name : f.type))
    const local = await mediaWith({})
    const s3 = await mediaWith(S3)
    expect(names(local.media)).toEqual(names(s3.media))
    expect(names(local.media)).toContain('prefix')
  })

  it('refuses a half-set S3 configuration with a clear message', () => {
    expect(() => parseEnv({ S3_REGION: 'auto' })).toThrow(/S3_BUCKET: required/)
    expect(() => parseEnv({ S3_BUCKET: 'b' })).toThrow(/S3_REGION: required/)
    expect(() => parseEnv({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/set both, or neither/)
    expect(() => parseEnv({ ...S3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/)
    // Neither key: the SDK's own credentials (an instance role).
    const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...roleOnly } = S3
    expect(parseEnv(roleOnly).media).toMatchObject({ kind: 's3', bucket: 'mentorloop-media' })
    expect(parseEnv(roleOnly).media).not.toHaveProperty('credentials')
  })
})
