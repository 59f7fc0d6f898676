/** Where the server's memory goes, MiB, as its bench-only route GET /bench/memory tells (bench/api/server.ts). */
export interface MemoryParts {
  rssMb: number;
  v8HeapMb: number;
  /** Of V8's heap, the objects not yet collected (live or garbage): the rest is room kept for new ones. */
  v8HeapUsedMb: number;
  /** Outside V8's heap: ArrayBuffers and, on PGlite, its WebAssembly memory (wasmMb). */
  externalMb: number;
  wasmMb?: number;
}

export async function memoryParts(baseUrl: string): Promise<MemoryParts> {
  const answer = await fetch(`${baseUrl}/bench/memory`);
  if (!answer.ok) throw new Error(`GET /bench/memory answered ${answer.status}`);
  return (await answer.json()) as MemoryParts;
}

/** "RSS 377 MB (V8 heap 146 of which 90 in use, outside it 140, of which PGlite's WebAssembly 128)". */
export const describeMemory = ({ rssMb, v8HeapMb, v8HeapUsedMb, externalMb, wasmMb }: MemoryParts) =>
  `RSS ${rssMb} MB (V8 heap ${v8HeapMb} of which ${v8HeapUsedMb} in use, outside it ${externalMb}${wasmMb === undefined ? '' : `, of which PGlite's WebAssembly ${wasmMb}`})`;
