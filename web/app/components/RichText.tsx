import type { ReactNode } from 'react'

/**
 * Renders Payload's Lexical rich text (policy pages) as React elements: paragraphs, headings,
 * lists, quotes, links and text formats. No HTML string is injected, so CMS content cannot run
 * script on the site; unknown node types render their children.
 */
type LexicalNode = {
  type: string
  tag?: string
  text?: string
  format?: number | string
  listType?: 'bullet' | 'number' | 'check'
  url?: string
  fields?: { url?: string; newTab?: boolean; linkType?: string }
  children?: LexicalNode[]
}

const BOLD = 1
const ITALIC = 2
const STRIKE = 4
const UNDERLINE = 8
const CODE = 16

function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined
  return /^(https?:|mailto:|tel:|\/|#)/i.test(url.trim()) ? url.trim() : undefined
}

function renderText(node: LexicalNode, key: number): ReactNode {
  let out: ReactNode = node.text ?? ''
  const f = typeof node.format === 'number' ? node.format : 0
  if (f & CODE) out = <code>{out}</code>
  if (f & BOLD) out = <strong>{out}</strong>
  if (f & ITALIC) out = <em>{out}</em>
  if (f & UNDERLINE) out = <u>{out}</u>
  if (f & STRIKE) out = <s>{out}</s>
  return <span key={key}>{out}</span>
}

function renderNodes(nodes: LexicalNode[] | undefined, headingShift: number): ReactNode[] {
  return (nodes ?? []).map((node, i) => renderNode(node, i, headingShift))
}

function renderNode(node: LexicalNode, key: number, headingShift: number): ReactNode {
  const children = () => renderNodes(node.children, headingShift)
  switch (node.type) {
    case 'text':
      return renderText(node, key)
    case 'linebreak':
      return <br key={key} />
    case 'paragraph':
      return <p key={key}>{children()}</p>
    case 'heading': {
      const level = Math.min(6, Math.max(2, Number(node.tag?.slice(1) ?? 2) + headingShift))
      const Tag = `h${level}` as 'h2'
      return <Tag key={key}>{children()}</Tag>
    }
    case 'list':
      return node.listType === 'number' ? <ol key={key}>{children()}</ol> : <ul key={key}>{children()}</ul>
    case 'listitem':
      return <li key={key}>{children()}</li>
    case 'quote':
      return <blockquote key={key}>{children()}</blockquote>
    case 'link':
    case 'autolink': {
      const href = safeHref(node.fields?.url ?? node.url)
      const external = href ? /^https?:/i.test(href) : false
      return (
        <a key={key} href={href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
          {children()}
        </a>
      )
    }
    default:
      return <span key={key}>{children()}</span>
  }
}

export function RichText({ content, headingShift = 0 }: { content: unknown; headingShift?: number }) {
  const root = (content as { root?: LexicalNode } | null)?.root
  if (!root) return null
  return <>{renderNodes(root.children, headingShift)}</>
}
