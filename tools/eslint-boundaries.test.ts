import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import boundaries from './eslint-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(root, file);
const rule = boundaries.rules['import-direction'];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('import-direction', rule, {
  valid: [
    {
      filename: at('web/src/features/player/api/use-next.ts'),
      code: "import { cn } from '../../../components/ui/cn';",
    },
    {
      filename: at('web/src/app/routes/player.tsx'),
      code: "import { Player } from '../../features/player/player';",
    },
    {
      filename: at('server/src/modules/tracks/tracks.service.ts'),
      code: "import { x } from '../accounts/accounts.service';",
    },
    { filename: at('domain/src/index.ts'), code: "import { z } from 'zod';" },
    { filename: at('domain/src/loyalty.test.ts'), code: "import { expect } from 'vitest';" },
  ],
  invalid: [
    {
      filename: at('web/src/features/player/player.tsx'),
      code: "import { Chart } from '../charts/chart';",
      errors: [{ message: /features do not import each other/ }],
    },
    {
      filename: at('web/src/components/ui/button.tsx'),
      code: "import { usePlayer } from '../../features/player/use-player';",
      errors: [{ message: /bottom layer/ }],
    },
    {
      filename: at('server/src/modules/tracks/tracks.service.ts'),
      code: "import { repo } from '../accounts/accounts.repository';",
      errors: [{ message: /never its accounts\.repository/ }],
    },
    {
      filename: at('server/src/providers/storage/local-storage.ts'),
      code: "import { x } from '../../modules/media/media.routes';",
      errors: [{ message: /import no module/ }],
    },
    {
      filename: at('domain/src/genres.ts'),
      code: "import { readFile } from 'node:fs';",
      errors: [{ message: /domain depends on zod only/ }],
    },
    {
      filename: at('domain/src/genres.ts'),
      code: "import { expect } from 'vitest';",
      errors: [{ message: /domain depends on zod only/ }],
    },
    {
      filename: at('web/src/lib/api-client.ts'),
      code: "import { buildApp } from '@klang/server';",
      errors: [{ message: /HTTP only/ }],
    },
  ],
});
