#ifndef CLINUX_H
#define CLINUX_H
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#endif
