import sharp from 'sharp'

/** Background and foreground colours per seeded mentor (by index), chosen for contrast; no network, no files. */
const PALETTE: [string, string][] = [
  ['#1e3a8a', '#bfdbfe'],
  ['#7c2d12', '#fed7aa'],
  ['#14532d', '#bbf7d0'],
  ['#581c87', '#e9d5ff'],
  ['#134e4a', '#99f6e4'],
  ['#831843', '#fbcfe8'],
]

/**
 * A small portrait placeholder for a seeded mentor (dev seed only): a head-and-shoulders figure on
 * a coloured background, drawn as SVG and rendered to a 384 px WebP (sharp enough for a 160 px photo on a phone screen) by sharp (which Payload ships).
 * Shapes only, no text, so it renders the same without any fonts installed.
 */
export async function mentorPhoto(index: number): Promise<Buffer> {
  const [bg, fg] = PALETTE[index % PALETTE.length]!
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${bg}"/>
  <circle cx="128" cy="100" r="48" fill="${fg}"/>
  <path d="M40 256c0-56 40-92 88-92s88 36 88 92z" fill="${fg}"/>
</svg>`
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()
}
