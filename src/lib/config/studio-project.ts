/**
 * Which Sanity project and dataset the Studio and its CLI use. Without a project id (an offline
 * CI build) a placeholder lets the Studio build; deploying needs the real one.
 */
export const OFFLINE_PROJECT_ID = 'offline0';

export function studioProject(env: Record<string, string | undefined>) {
  return {
    projectId: env.SANITY_STUDIO_PROJECT_ID || OFFLINE_PROJECT_ID,
    dataset: env.SANITY_STUDIO_DATASET || 'production',
  };
}
