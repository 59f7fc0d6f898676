/** Where the server's memory goes, MiB, as its bench-only route GET /bench/memory tells (bench/api/server.ts). */
export interface MemoryParts {
  rssMb: number;
  v8HeapMb: number;
  /** Outside V8's heap: ArrayBuffers and, on PGlite, its WebAssembly memory (wasmMb). */
  externalMb: number;
  wasmMb?: number;
}

export async function memoryParts(baseUrl: string): Promise<MemoryParts> {
  const answer = await fetch(`${baseUrl}/bench/memory`);
  if (!answer.ok) throw new Error(`GET /bench/memory answered ${answer.status}`);
  return (await answer.json()) as MemoryParts;
}

/** "RSS 408 MB (V8 heap 60, outside it 300, of which PGlite's WebAssembly 280)". */
export const describeMemory = ({ rssMb, v8HeapMb, externalMb, wasmMb }: MemoryParts) =>
  `RSS ${rssMb} MB (V8 heap ${v8HeapMb}, outside it ${externalMb}${wasmMb === undefined ? '' : `, of which PGlite's WebAssembly ${wasmMb}`})`;
