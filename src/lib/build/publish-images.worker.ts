/**
 * Worker thread entry: prepares the bundled dataset's images (SVGs sanitised, smaller copies
 * made) off the build's main thread. Loading jsdom and sharp alone costs over a second, which the
 * build would otherwise wait for before Vite starts; here it runs beside bundling and rendering.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareDatasetImages } from './images.ts';
import type { ImageFolders } from './published-images.ts';

const { imagesDir, folders } = workerData as { imagesDir: string; folders: ImageFolders };
parentPort?.postMessage(await prepareDatasetImages(imagesDir, folders));
