import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { answerUnavailable } from '@/lib/unavailable'

export const GET = answerUnavailable(REST_GET(config))
export const POST = answerUnavailable(REST_POST(config))
export const DELETE = answerUnavailable(REST_DELETE(config))
export const PATCH = answerUnavailable(REST_PATCH(config))
export const PUT = answerUnavailable(REST_PUT(config))
export const OPTIONS = REST_OPTIONS(config)
