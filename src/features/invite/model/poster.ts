import QRCode from 'qrcode';

/** What the poster says, already in the user's language. */
export interface PosterText {
  product: string;
  tagline: string;
  codeLabel: string;
  code: string;
  scan: string;
  link: string;
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai", "Noto Sans CJK SC", sans-serif';

/** Lines of `text` that fit `width` at the context's font (words, or characters for CJK/Thai). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const parts = /\s/.test(text) ? text.split(/(\s+)/) : [...text];
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    const next = line + part;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line.trim());
      line = part.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Draws the invitation poster on the device: product name, tagline, the invitation code and the
 * QR code of the invite link. Nothing is uploaded; the canvas is exported as PNG by `posterBlob`.
 */
export async function drawPoster(canvas: HTMLCanvasElement, text: PosterText): Promise<void> {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  const w = POSTER_WIDTH;

  const bg = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  bg.addColorStop(0, '#1f2230');
  bg.addColorStop(1, '#14151a');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, POSTER_HEIGHT);
  // A band of the brand's up colour behind the title.
  ctx.fillStyle = 'rgba(40, 186, 152, 0.16)';
  ctx.beginPath();
  ctx.arc(w - 60, 120, 260, 0, Math.PI * 2);
  ctx.fill();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 64px ${FONT}`;
  let y = 110;
  for (const line of wrap(ctx, text.product, w - 120)) {
    ctx.fillText(line, w / 2, y);
    y += 78;
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.72)';
  ctx.font = `32px ${FONT}`;
  y += 14;
  for (const line of wrap(ctx, text.tagline, w - 140)) {
    ctx.fillText(line, w / 2, y);
    y += 46;
  }

  // The QR card.
  const size = 380;
  const cardY = Math.max(y + 50, 380);
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, (w - size - 60) / 2, cardY, size + 60, size + 60, 28);
  ctx.fill();
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, text.link, { width: size, margin: 0, errorCorrectionLevel: 'M' });
  ctx.drawImage(qr, (w - size) / 2, cardY + 30, size, size);

  y = cardY + size + 60 + 50;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.72)';
  ctx.font = `30px ${FONT}`;
  for (const line of wrap(ctx, text.codeLabel, w - 140)) {
    ctx.fillText(line, w / 2, y);
    y += 42;
  }
  ctx.fillStyle = '#f5a524';
  ctx.font = `bold 72px ${FONT}`;
  ctx.fillText(text.code, w / 2, y + 6);
  y += 110;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.6)';
  ctx.font = `28px ${FONT}`;
  for (const line of wrap(ctx, text.scan, w - 140)) {
    ctx.fillText(line, w / 2, y);
    y += 40;
  }
}

/** The poster as a PNG file. */
export function posterFile(canvas: HTMLCanvasElement, code: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (blob) resolve(new File([blob], `invite-${code}.png`, { type: 'image/png' }));
      else reject(new Error('the poster could not be encoded'));
    }, 'image/png'),
  );
}
