import { buildWebPage } from './build.ts';

// `npm run build -w @casino/web`: the page into apps/web/dist.
await buildWebPage();
