/** The forum tables as TypeORM entities; properties camelCase, columns snake_case as in the database. */
import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';

@Entity('user')
export class User {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50, unique: true }) username: string;
}

@Entity('category')
export class Category {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  @OneToMany(
    () => Thread,
    (thread) => thread.category,
  )
  threads: Thread[];
}

@Entity('thread')
export class Thread {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'category_id', type: 'integer' }) categoryId: number;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @ManyToOne(
    () => Category,
    (category) => category.threads,
  )
  @JoinColumn({ name: 'category_id' })
  category: Category;
  @OneToMany(
    () => Post,
    (post) => post.thread,
  )
  posts: Post[];
}

@Entity('post')
export class Post {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'thread_id', type: 'integer' }) threadId: number;
  @Column({ name: 'author_id', type: 'integer', nullable: true }) authorId: number | null;
  @Column({ type: 'varchar', length: 100, unique: true }) slug: string;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  @ManyToOne(
    () => Thread,
    (thread) => thread.posts,
  )
  @JoinColumn({ name: 'thread_id' })
  thread: Thread;
  @ManyToOne(() => User)
  @JoinColumn({ name: 'author_id' })
  author: User | null;
}

export const ENTITIES = [User, Category, Thread, Post];
