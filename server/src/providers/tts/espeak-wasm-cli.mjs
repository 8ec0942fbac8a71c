// eSpeak NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later, decision 0150), run as a
// command that behaves like the Debian binary for the one way Klang calls it:
//
//   node espeak-wasm-cli.mjs [eSpeak options…] -w <file.wav> --stdin
//
// The text comes on stdin and reaches eSpeak as a file in its virtual file system (`-f`), never
// as an argument, so nothing in it is read as an option. The WAV eSpeak writes in that virtual
// file system is copied to the real path. eSpeak's own messages go to stderr, which the caller
// reads as a failure, as it does for the binary.
//
// It is a separate process, not a call inside the server, because one render holds a core for
// about a tenth of a second: in its own process it neither blocks the server's event loop nor
// outlives an aborted request (the caller kills it).
import { writeFile } from 'node:fs/promises';
import ESpeakNg from 'espeak-ng';

const INPUT = '/klang-input.txt';
const OUTPUT = '/klang-output.wav';

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write('eSpeak NG (WebAssembly, npm espeak-ng)\n');
  process.exit(0);
}
const outAt = args.indexOf('-w');
const output = outAt >= 0 ? args[outAt + 1] : undefined;
if (!output || !args.includes('--stdin')) {
  console.error('usage: espeak-wasm-cli.mjs [options] -w <file.wav> --stdin');
  process.exit(2);
}
const options = args.filter((arg, i) => arg !== '--stdin' && i !== outAt && i !== outAt + 1);
const text = await readStdin();

const errors = [];
const espeak = await ESpeakNg({
  // The module runs main() once, with these arguments, as soon as it is instantiated.
  arguments: [...options, '-w', OUTPUT, '-f', INPUT],
  preRun: [(module) => module.FS.writeFile(INPUT, text)],
  // Its stdout carries nothing Klang reads (the sound goes to the file).
  print: () => undefined,
  printErr: (line) => errors.push(line),
});
if (errors.length > 0) {
  console.error(errors.join('\n'));
  process.exit(1);
}
await writeFile(output, espeak.FS.readFile(OUTPUT));
