/**
 * Imported first by the overlays (overlays.ts), so it runs before `@sanity/comlink` is loaded:
 * from here on the page takes messages only from the Studio (studio-messages.ts).
 */
import { acceptOnlyStudioMessages, readStudioOrigins, studioWindowOf } from '../studio-messages.ts';

acceptOnlyStudioMessages(window, readStudioOrigins(document), studioWindowOf(window));
