/** One @dataui/crud TypeORM service per entity. */
import { TypeOrmCrudService } from '@dataui/crud-typeorm';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Category, Post, Thread } from './entities';

@Injectable()
export class PostService extends TypeOrmCrudService<Post> {
  constructor(@InjectRepository(Post) repo: Repository<Post>) {
    super(repo);
  }
}

@Injectable()
export class ThreadService extends TypeOrmCrudService<Thread> {
  constructor(@InjectRepository(Thread) repo: Repository<Thread>) {
    super(repo);
  }
}

@Injectable()
export class CategoryService extends TypeOrmCrudService<Category> {
  constructor(@InjectRepository(Category) repo: Repository<Category>) {
    super(repo);
  }
}
