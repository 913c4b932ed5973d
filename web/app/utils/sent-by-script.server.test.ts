import { describe, expect, it } from 'vitest'
import { sentByScript } from './sent-by-script.server'

const post = (headers: Record<string, string>) => new Request('http://localhost/question-bank/subscription', { method: 'POST', headers })
const form = (js?: string) => {
  const f = new FormData()
  f.set('intent', 'subscribe')
  if (js) f.set('js', js)
  return f
}

describe('who sent a form post', () => {
  it('a fetch from the page’s script is the script’s, with or without the js field (a press before the field was rendered)', () => {
    expect(sentByScript(post({ 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' }), form())).toBe(true)
    expect(sentByScript(post({ 'Sec-Fetch-Dest': 'empty' }), form('1'))).toBe(true)
  })

  it('a form the browser submits itself is a plain post, whatever its fields say', () => {
    expect(sentByScript(post({ 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }), form())).toBe(false)
    expect(sentByScript(post({ 'Sec-Fetch-Dest': 'document' }), form('1'))).toBe(false)
    expect(sentByScript(post({ 'Sec-Fetch-Dest': 'iframe' }), form('1'))).toBe(false)
  })

  it('without Fetch Metadata (an older browser), the js field decides', () => {
    expect(sentByScript(post({}), form('1'))).toBe(true)
    expect(sentByScript(post({}), form())).toBe(false)
  })
})
