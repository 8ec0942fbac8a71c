/** The 44-byte header of a WAV file holding `dataBytes` of 16-bit PCM. */
export function wavHeader(dataBytes: number, format: { sampleRate: number; channels: 1 | 2 }): Buffer {
  const blockAlign = format.channels * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(format.channels, 22);
  header.writeUInt32LE(format.sampleRate, 24);
  header.writeUInt32LE(format.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * Where a WAV file's `data` chunk says it ends, from the file's first bytes (`head`): the chunks
 * are walked from the RIFF header. Undefined when the data chunk is not within `head`, or its size
 * is a streaming writer's "unknown" (0 or 0xFFFFFFFF).
 */
export function wavDataEnd(head: Buffer): number | undefined {
  for (let offset = 12; offset + 8 <= head.length;) {
    const size = head.readUInt32LE(offset + 4);
    if (head.toString('latin1', offset, offset + 4) === 'data')
      return size === 0 || size === 0xffffffff ? undefined : offset + 8 + size;
    offset += 8 + size + (size % 2);
  }
  return undefined;
}
