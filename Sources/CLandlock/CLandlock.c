// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#include "CLandlock.h"

#include <errno.h>

#if defined(__linux__) && !defined(__ANDROID__) && !defined(_WIN32)
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// The system call numbers are the same on every architecture (the generic table, Linux 5.13).
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

// include/uapi/linux/landlock.h, declared here so that older headers build too.
struct appdirs_landlock_ruleset_attr {
  uint64_t handled_access_fs;
};

struct appdirs_landlock_path_beneath_attr {
  uint64_t allowed_access;
  int32_t parent_fd;
} __attribute__((packed));

enum { appdirs_create_ruleset_version = 1, appdirs_rule_path_beneath = 1 };

static int result(long value) { return value < 0 ? -errno : (int)value; }

int appdirs_landlock_version(void) {
  return result(syscall(SYS_landlock_create_ruleset, NULL, 0, appdirs_create_ruleset_version));
}

int appdirs_landlock_create_ruleset(uint64_t handled) {
  struct appdirs_landlock_ruleset_attr attributes = {.handled_access_fs = handled};
  return result(syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0));
}

int appdirs_landlock_add_path_rule(int ruleset, int parent, uint64_t allowed) {
  struct appdirs_landlock_path_beneath_attr rule = {.allowed_access = allowed, .parent_fd = parent};
  return result(syscall(SYS_landlock_add_rule, ruleset, appdirs_rule_path_beneath, &rule, 0));
}

int appdirs_landlock_restrict_self(int ruleset, uint32_t flags) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
  return result(syscall(SYS_landlock_restrict_self, ruleset, flags));
}

int appdirs_thread_count(void) {
  DIR *tasks = opendir("/proc/self/task");
  if (tasks == NULL) return -errno;
  int count = 0;
  struct dirent *entry;
  while ((entry = readdir(tasks)) != NULL) {
    if (entry->d_name[0] != '.') count += 1;
  }
  closedir(tasks);
  return count;
}

#else

int appdirs_landlock_version(void) { return -ENOSYS; }
int appdirs_landlock_create_ruleset(uint64_t handled) {
  (void)handled;
  return -ENOSYS;
}
int appdirs_landlock_add_path_rule(int ruleset, int parent, uint64_t allowed) {
  (void)ruleset;
  (void)parent;
  (void)allowed;
  return -ENOSYS;
}
int appdirs_landlock_restrict_self(int ruleset, uint32_t flags) {
  (void)ruleset;
  (void)flags;
  return -ENOSYS;
}
int appdirs_thread_count(void) { return -ENOSYS; }

#endif
