/** NestJS 10 (Express) + @dataui/crud + TypeORM 0.3 on the bench database. */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryController, NestedPostController, PostController, ThreadController } from './controllers';
import { Category, ENTITIES, Post, Thread } from './entities';
import { CategoryService, PostService, ThreadService } from './services';

const port = Number(process.env.PORT ?? 3000);

@Module({
  imports: [
    TypeOrmModule.forRoot({
      type: 'postgres',
      url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
      entities: ENTITIES,
      synchronize: false,
      logging: false,
      extra: {
        max: Number(process.env.POOL_SIZE ?? 10),
        idleTimeoutMillis: Number(process.env.POOL_IDLE_MS ?? 600_000),
      },
    }),
    TypeOrmModule.forFeature([Post, Thread, Category]),
  ],
  controllers: [NestedPostController, PostController, ThreadController, CategoryController],
  providers: [PostService, ThreadService, CategoryService],
})
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  await app.listen(port, '127.0.0.1');
  process.stdout.write(`READY nest-dataui ${port}\n`);
}

void main();
