;;; test-eglot.el --- tdl-mode with eglot, end to end in batch Emacs  -*- lexical-binding: t; -*-

;;; Code:

(load (expand-file-name "tdl-test.el" (file-name-directory load-file-name)) nil t)
(require 'eglot)

(tdl-test-main
 (make-tdl-test-client
  :name "eglot"
  :start (lambda ()
           ;; What M-x eglot does: the contact comes from tdl-mode's eglot-server-programs entry.
           (let ((contact (eglot--guess-contact)))
             (tdl-test-check "eglot finds template-lsp through tdl-mode's registration"
                             (equal (nth 3 contact) tdl-server-command) (nth 3 contact))
             (apply #'eglot contact)))
  :server-name (lambda ()
                 (and (eglot-current-server)
                      (plist-get (eglot--server-info (eglot-current-server)) :name)))
  ;; Idle timers never fire in batch mode: send the pending changes as eglot's idle
  ;; timer would in an interactive Emacs.
  :flush (lambda ()
           (when (and (eglot-managed-p) eglot--recent-changes)
             (eglot--signal-textDocument/didChange)))
  :format #'eglot-format-buffer
  :capf #'eglot-completion-at-point
  :server #'eglot-current-server
  ;; eglot manages a new buffer of a project it serves by itself.
  :attach #'ignore
  :root (lambda () (project-root (eglot--current-project)))))
;;; test-eglot.el ends here
