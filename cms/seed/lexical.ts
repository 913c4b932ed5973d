/** Builds Lexical rich-text JSON (what Payload's editor stores) from plain headings and paragraphs. */
type Section = { heading: string; paragraphs: string[] }

const text = (value: string) => ({
  type: 'text',
  text: value,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

const block = { format: '' as const, indent: 0, version: 1, direction: 'ltr' as const }

export function lexicalFromSections(sections: Section[]) {
  const children = sections.flatMap((s) => [
    { ...block, type: 'heading', tag: 'h2', children: [text(s.heading)] },
    ...s.paragraphs.map((p) => ({ ...block, type: 'paragraph', textFormat: 0, textStyle: '', children: [text(p)] })),
  ])
  return { root: { ...block, type: 'root', children } }
}
