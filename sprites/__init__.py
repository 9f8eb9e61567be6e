"""What is drawn: the canvas, tweens, card sprites, widgets and card-face painting."""
