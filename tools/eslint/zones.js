// Boundary zones built from the folder listing, so a new feature or module is guarded the day
// it appears (a hand-written list drifts: it once named four features that did not exist).
import fs from 'node:fs';
import path from 'node:path';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

const foldersIn = (root, dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

function webZones(root) {
  const features = foldersIn(root, `${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`${WEB}/features/${feature}`],
    message: 'A feature never imports another feature; move shared code to src/ui or src/lib.',
  }));
  return [
    ...features,
    {
      target: [`${WEB}/ui`, `${WEB}/lib`],
      from: [`${WEB}/features`, `${WEB}/app`],
      message: 'src/ui and src/lib are shared by features: they never import a feature or the app.',
    },
    {
      target: `${WEB}/lib`,
      from: `${WEB}/ui`,
      message: 'src/lib holds logic only; components live in src/ui.',
    },
  ];
}

/** A module's repository files: repo.ts and *-repo.ts. */
const repositoriesOf = (root, module) =>
  fs
    .readdirSync(path.join(root, SERVER, 'modules', module))
    .filter((name) => name === 'repo.ts' || name.endsWith('-repo.ts'))
    .map((name) => `${SERVER}/modules/${module}/${name}`);

function serverZones(root) {
  const modules = foldersIn(root, `${SERVER}/modules`).flatMap((module) => {
    const repositories = repositoriesOf(root, module);
    if (repositories.length === 0) return [];
    return [
      {
        target: ['apps', 'bench', 'e2e'],
        from: repositories,
        except: [],
        message: `The ${module} module's repository is private: call one of its use-cases.`,
        // Its own files may use it.
        exceptTargets: [`${SERVER}/modules/${module}`],
      },
    ];
  });
  const infrastructure = foldersIn(root, SERVER)
    .filter((folder) => folder !== 'modules')
    .map((folder) => ({
      target: `${SERVER}/${folder}`,
      from: `${SERVER}/modules`,
      allowTypeImports: true,
      message: `src/${folder} is infrastructure: modules plug into it from app.ts, never the other way round.`,
    }));
  return [...modules, ...infrastructure];
}

export function boundaryZones(root) {
  return [
    ...webZones(root),
    ...serverZones(root),
    {
      target: 'packages/domain',
      from: ['apps', 'packages/page-runtime'],
      message: 'domain depends on nothing.',
    },
    {
      target: 'packages/page-runtime',
      from: 'apps',
      message: 'page-runtime depends only on domain.',
    },
    { target: 'apps/web', from: 'apps/server', message: 'web -> domain only.' },
    { target: 'apps/server', from: 'apps/web', message: 'server -> domain only.' },
  ];
}
