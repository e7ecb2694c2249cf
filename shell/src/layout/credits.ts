/**
 * Who to credit in the sidebar, and where the code lives. Deployment-specific on purpose: forks edit
 * this file (it is the only place these links appear).
 */
export interface Contributor {
  name: string;
  /** Link to the contributor's code profile (GitHub, GitLab, ...). */
  profileUrl: string;
}

export const REPOSITORY_URL = 'https://github.com/tunafy/tunafy';

export const CONTRIBUTORS: readonly Contributor[] = [{ name: 'Tunafy maintainers', profileUrl: 'https://github.com/tunafy' }];
