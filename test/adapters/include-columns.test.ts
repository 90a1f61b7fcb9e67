/**
 * What an include reads of its target: only the target model's public fields.
 * The user's secrets (`excludeFields` of the forum's user config) are never
 * selected, so they are in no included row even before serialisation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PagePaginator, type Row } from 'ormcrud';
import type { ForumHarness } from '../support/forum-target.ts';
import { listPage } from '../support/list-page.ts';
import { forumTargets } from '../support/targets.ts';

for (const target of forumTargets()) {
  describe(`includes read public fields only [${target.name}]`, () => {
    let forum: ForumHarness;

    before(async () => {
      forum = await target.open();
      await forum.reset();
    });
    after(() => forum.close());

    test('an included user carries no excluded field, on get one and on a list', async () => {
      const post = await forum.adapters.post.getOne({ id: 1 }, ['author']);
      const author = post?.author as Row;
      assert.equal(author.username, 'ada');
      assert.deepEqual(
        ['password_hash', 'api_token'].filter((field) => field in author),
        [],
      );
      const page = await listPage(forum.adapters.post, {}, [], ['author'], new PagePaginator());
      for (const row of page.data) {
        const included = row.author as Row | null;
        if (included) assert.equal('password_hash' in included || 'api_token' in included, false);
      }
    });
  });
}
