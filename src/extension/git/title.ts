// SPEC.md part 2, branch-to-title: drop one leading feature/ fix/ feat/ bugfix/ hotfix/ (any
// case), turn '-' and '_' into spaces, capitalize the first letter of each word.

const PREFIX = /^(?:feature|fix|feat|bugfix|hotfix)\//i;

/** `feature/add-login_page` -> `Add Login Page`. Letters after the first keep their case (API). */
export function branchToTitle(branch: string): string {
  return branch
    .trim()
    .replace(PREFIX, '')
    .replace(/[-_]+/g, ' ')
    // Doubled separators would leave gaps no one wants in a title.
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)(\S)/g, (_m, sp: string, c: string) => sp + c.toUpperCase());
}
