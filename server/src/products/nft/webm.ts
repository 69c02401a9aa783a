/**
 * A minimal WebM (Matroska) muxer for VP8 key frames. A lossy WebP image is one VP8 key frame in
 * a RIFF wrapper, so frames drawn by `sharp` become a video Chromium (and Firefox) plays without
 * any encoder binary: every frame is a key frame in one cluster.
 */

const ebmlSize = (n: number): Buffer => {
  // 8-byte size field: 0x01 marker then 7 bytes of length; simple and valid for any size used here.
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  let v = n;
  for (let i = 7; i >= 1; i--) {
    b[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  return b;
};

const element = (id: number[], ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(id), ebmlSize(body.length), body]);
};

const uint = (id: number[], value: number): Buffer => {
  const bytes: number[] = [];
  let v = value;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  return element(id, Buffer.from(bytes));
};

const float = (id: number[], value: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
};

const str = (id: number[], value: string): Buffer => element(id, Buffer.from(value, 'ascii'));

/** The VP8 key frame inside a lossy WebP file (its `VP8 ` chunk). */
export function vp8FrameOf(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  let at = 12;
  while (at + 8 <= webp.length) {
    const tag = webp.toString('ascii', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    if (tag === 'VP8 ') return webp.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  throw new Error('no lossy VP8 chunk in the WebP file');
}

/** A WebM file of VP8 key frames shown `frameMs` each. */
export function muxWebm(frames: Buffer[], width: number, height: number, frameMs: number): Buffer {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    uint([0x42, 0x86], 1), // EBMLVersion
    uint([0x42, 0xf7], 1), // EBMLReadVersion
    uint([0x42, 0xf2], 4), // EBMLMaxIDLength
    uint([0x42, 0xf3], 8), // EBMLMaxSizeLength
    str([0x42, 0x82], 'webm'), // DocType
    uint([0x42, 0x87], 2), // DocTypeVersion
    uint([0x42, 0x85], 2), // DocTypeReadVersion
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    uint([0x2a, 0xd7, 0xb1], 1_000_000), // TimecodeScale: milliseconds
    float([0x44, 0x89], frames.length * frameMs), // Duration
    str([0x4d, 0x80], 'h5-nft'), // MuxingApp
    str([0x57, 0x41], 'h5-nft'), // WritingApp
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae],
      uint([0xd7], 1), // TrackNumber
      uint([0x73, 0xc5], 1), // TrackUID
      uint([0x83], 1), // TrackType: video
      str([0x86], 'V_VP8'),
      uint([0x23, 0xe3, 0x83], frameMs * 1_000_000), // DefaultDuration (ns)
      element([0xe0], uint([0xb0], width), uint([0xba], height)),
    ),
  );
  const blocks = frames.map((frame, i) => {
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(i * frameMs, 1);
    head[3] = 0x80; // key frame
    return element([0xa3], head, frame);
  });
  const cluster = element([0x1f, 0x43, 0xb6, 0x75], uint([0xe7], 0), ...blocks);
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], info, tracks, cluster)]);
}
