/**
 * The scenario routes with @dataui/crud: /posts, /threads, /categories, and
 * posts nested under categories and threads through controller path params.
 */
import { Crud, type CrudController } from '@dataui/crud';
import { Controller } from '@nestjs/common';
import { Category, Post, Thread } from './entities';
// biome-ignore lint/style/useImportType: Nest injects by the constructor's parameter types (decorator metadata)
import { CategoryService, PostService, ThreadService } from './services';

const id = { field: 'id', type: 'number', primary: true } as const;
const query = { maxLimit: 100, limit: 20, alwaysPaginate: true } as const;

@Crud({
  model: { type: Post },
  params: { id },
  query: { ...query, join: { thread: {}, author: {} } },
  routes: {
    only: ['getOneBase', 'getManyBase', 'createOneBase', 'deleteOneBase'],
    deleteOneBase: { returnDeleted: true },
  },
})
@Controller('posts')
export class PostController implements CrudController<Post> {
  constructor(public service: PostService) {}
}

@Crud({
  model: { type: Post },
  params: {
    categoryId: { field: 'thread.categoryId', type: 'number' },
    threadId: { field: 'threadId', type: 'number' },
    id,
  },
  query: { ...query, join: { thread: { eager: true, required: true, select: false } } },
  routes: { only: ['getOneBase'] },
})
@Controller('categories/:categoryId/threads/:threadId/posts')
export class NestedPostController implements CrudController<Post> {
  constructor(public service: PostService) {}
}

@Crud({
  model: { type: Thread },
  params: { id },
  query,
  routes: { only: ['getManyBase', 'updateOneBase'] },
})
@Controller('threads')
export class ThreadController implements CrudController<Thread> {
  constructor(public service: ThreadService) {}
}

@Crud({
  model: { type: Category },
  params: { id },
  query: { ...query, join: { threads: {} } },
  routes: { only: ['getManyBase'] },
})
@Controller('categories')
export class CategoryController implements CrudController<Category> {
  constructor(public service: CategoryService) {}
}
