/**
 * The namespace backend's commands: {@code gsnode netns} (plan, build, tear down and inspect a
 * fabric) and {@code gsnode netns switch} (the userspace delay switch).
 */
package io.gsnode.netns.cli;
