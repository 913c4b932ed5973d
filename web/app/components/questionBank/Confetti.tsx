import { QB_CONFETTI_MS } from '@mentorloop/shared'
import { useEffect, useRef, useState } from 'react'

/**
 * Confetti for 5 seconds after a successful payment (docs/spec.md §4, §9), drawn by
 * canvas-confetti on our own canvas. Nothing at all under prefers-reduced-motion. Each new value
 * of `run` (above 0) starts one celebration.
 */
export function Confetti({ run }: { run: number }) {
  const [active, setActive] = useState(false)
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    if (run <= 0) return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    setActive(true)
    const timer = setTimeout(() => setActive(false), QB_CONFETTI_MS)
    return () => clearTimeout(timer)
  }, [run])

  useEffect(() => {
    if (!active || !canvas.current) return
    let stopped = false
    let interval: ReturnType<typeof setInterval> | undefined
    let reset: (() => void) | undefined
    import('canvas-confetti').then(({ default: confetti }) => {
      if (stopped || !canvas.current) return
      const fire = confetti.create(canvas.current, { resize: true, disableForReducedMotion: true })
      reset = () => fire.reset()
      const burst = () => {
        void fire({ particleCount: 40, spread: 70, startVelocity: 40, origin: { x: 0.2 + Math.random() * 0.6, y: 0.3 } })
      }
      burst()
      interval = setInterval(burst, 600)
    })
    return () => {
      stopped = true
      clearInterval(interval)
      reset?.()
    }
  }, [active])

  if (!active) return null
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50">
      <canvas ref={canvas} data-testid="confetti" className="h-full w-full" />
    </div>
  )
}
