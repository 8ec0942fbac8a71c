/**
 * The shell of the pages Klang serves in place of a payment provider's (the local checkout and
 * billing pages): plain HTML that works without the web app's script, dark like the app.
 */
export function localPage(page: { title: string; css: string; main: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<style>
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; background: #0b0b10; color: #f2f2f5; }
${page.css}</style>
</head>
<body>
<main>
${page.main}</main>
</body>
</html>`;
}
