// A Submit Code the runner could not judge yet (issue 40): the journal keeps
// it and judges it when the runner has room. Shared by the journal's answer
// and the coding page, which queues an online submit the runner queue
// outlived, as it queues an offline one. Its own module: only the coding page
// and the Worker load it.
export const RUNNER_BUSY_SAVED = "The code runner is busy. Your submission is saved and will be judged shortly.";
