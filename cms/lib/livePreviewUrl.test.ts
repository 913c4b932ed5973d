import { describe, expect, it } from 'vitest'
import { livePreviewUrl } from './livePreviewUrl'

describe('the live preview opens at the edited item', () => {
  const site = 'https://mentorloop.in/'
  it('a landing-page item at its section', () => {
    expect(livePreviewUrl(site, 'faqs', { question: 'Q' })).toBe('https://mentorloop.in/?livePreview=1#faq')
    // A saved question: itself, opened.
    expect(livePreviewUrl(site, 'faqs', { id: 7, question: 'Q' })).toBe('https://mentorloop.in/?livePreview=1&faq=7#faq-7')
    expect(livePreviewUrl(site, 'faqs', { id: '7"><x', question: 'Q' })).toBe('https://mentorloop.in/?livePreview=1#faq')
    expect(livePreviewUrl(site, 'testimonials', {})).toBe('https://mentorloop.in/?livePreview=1#testimonials')
    expect(livePreviewUrl(site, 'plans', { product: 'mentorship' })).toBe('https://mentorloop.in/?livePreview=1#premium-plans')
    expect(livePreviewUrl(site, 'plans', { product: 'question-bank' })).toBe('https://mentorloop.in/?livePreview=1#landing-question-bank')
  })
  it('a page at its own address; the site settings at the top of the landing page', () => {
    expect(livePreviewUrl(site, 'pages', { slug: 'terms' })).toBe('https://mentorloop.in/terms?livePreview=1')
    expect(livePreviewUrl(site, 'pages', { slug: '../admin' })).toBe('https://mentorloop.in/?livePreview=1')
    expect(livePreviewUrl(site, undefined, { hero: {} })).toBe('https://mentorloop.in/?livePreview=1')
  })
})
