/**
 * Worker thread entry: publishes the bundled dataset's images (SVGs sanitised, responsive copies
 * made) off the build's main thread. Loading jsdom and sharp alone costs over a second, which
 * the build would otherwise wait for before Vite starts; here it runs beside Vite's bundling.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { publishDatasetImages } from './images.ts';

const { imagesDir, targetDir } = workerData as { imagesDir: string; targetDir: string };
parentPort?.postMessage(await publishDatasetImages(imagesDir, targetDir));
