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
      filename: at('domain/src/analytics/ab-test.ts'),
      code: "import { gammaln } from 'simple-statistics';",
    },
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
    // The demo seed composes the areas, as main.ts does.
    {
      filename: at('server/src/db/seed/seed.ts'),
      code: "import { hashPassword } from '../../modules/accounts/password';",
    },
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
    // lib/, the job runner and the database layer are cross-cutting too (issue 33).
    {
      filename: at('server/src/lib/music/render-track.ts'),
      code: "import { transcode } from '../../modules/tracks/audio-transcode';",
      errors: [{ message: /^lib\/ is cross-cutting and imports no module/ }],
    },
    {
      filename: at('server/src/jobs/runner.ts'),
      code: "import { x } from '../modules/player/player.service';",
      errors: [{ message: /^jobs\/ \(the runner\) is cross-cutting/ }],
    },
    {
      filename: at('server/src/db/migrate.ts'),
      code: "import { x } from '../modules/player/player.service';",
      errors: [{ message: /^db\/ \(the database layer\) is cross-cutting/ }],
    },
    {
      filename: at('domain/src/genres.ts'),
      code: "import { readFile } from 'node:fs';",
      errors: [{ message: /domain depends on zod and simple-statistics only/ }],
    },
    {
      filename: at('domain/src/genres.ts'),
      code: "import { mean } from 'simple-statistics/src/mean';",
      errors: [{ message: /domain depends on zod and simple-statistics only/ }],
    },
    {
      filename: at('domain/src/genres.ts'),
      code: "import { expect } from 'vitest';",
      errors: [{ message: /domain depends on zod and simple-statistics only/ }],
    },
    {
      filename: at('web/src/lib/api-client.ts'),
      code: "import { buildApp } from '@klang/server';",
      errors: [{ message: /HTTP only/ }],
    },
  ],
});
