// Comments: threaded discussions on records (inspections and their fields; estimations and repairs
// later), with mentions that notify. Comes after the areas whose records it comments on.
import { defineArea } from '../area.ts';
import { commentsResource } from './comments.resource.ts';
import { seedDemoComments } from './demo.ts';

export const commentsArea = defineArea({ name: 'comments', resources: [commentsResource], demo: seedDemoComments });
