import { formatRupees } from '@mentorloop/shared'
import PDFDocument from 'pdfkit'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { PDF_FONT, registerPdfFonts } from './pdfFonts'

async function draw(write: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  write(doc)
  doc.end()
  return done
}

describe('PDF fonts', () => {
  it('write the ₹ sign with an embedded font (Helvetica has none)', async () => {
    const pdf = await draw((doc) => {
      registerPdfFonts(doc)
      doc.font(PDF_FONT.bold).text('Amount paid: ', { continued: true }).font(PDF_FONT.regular).text(formatRupees(599))
    })
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
    expect(text).toContain('Amount paid: ₹599')
    const raw = pdf.toString('latin1')
    // Embedded TrueType subsets of Noto Sans, not a standard font reference.
    expect(raw).toMatch(/\/FontFile2/)
    expect(raw).toMatch(/NotoSans/)
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/)
  })
})
